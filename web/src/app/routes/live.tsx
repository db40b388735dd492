import { LiveMatches } from '../../features/matches/components/live-matches.tsx';

/** /live: public; visitors see it in the public shell, users in the app layout. */
export default function LiveRoute() {
  return <LiveMatches />;
}
