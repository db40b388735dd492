import { PastTips } from '../../features/tips/components/past-tips.tsx';

export default function PastTipsRoute() {
  return <PastTips />;
}
