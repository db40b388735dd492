import { MarketGrid } from '../../features/booking-codes/components/market-grid.tsx';

export default function BuyCodesRoute() {
  return (
    <div className="flex flex-col gap-5">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Booking Code Market</h1>
        <p className="mt-1 text-emerald-100/75">Every code on sale now.</p>
      </header>
      <MarketGrid />
    </div>
  );
}
