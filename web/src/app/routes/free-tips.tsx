import { FreeTips } from '../../features/tips/components/free-tips.tsx';

export default function FreeTipsRoute() {
  return <FreeTips />;
}
