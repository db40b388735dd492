import { MyCodes } from '../../features/booking-codes/components/my-codes.tsx';

export default function MyCodesRoute() {
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">My Codes</h1>
        <p className="mt-1 text-emerald-100/75">Every booking code you bought, with its full code.</p>
      </header>
      <MyCodes />
    </div>
  );
}
