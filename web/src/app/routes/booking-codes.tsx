import { BookingCodesList } from '../../features/booking-codes/components/booking-codes-list.tsx';

/** /booking-codes: public; visitors see it in the public shell, users in the app layout. */
export default function BookingCodesRoute() {
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Premium Booking Codes</h1>
        <p className="mt-1 text-emerald-100/75">
          Ready-made bet slips from our tipsters. Buy one, load it at your bookmaker, place your stake.
        </p>
      </header>
      <BookingCodesList />
    </div>
  );
}
