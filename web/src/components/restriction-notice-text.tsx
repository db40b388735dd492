import { protectionMessages, type Restriction } from '@cashtips/contract/protection';

/** The contract's sentence for a restriction, the same the API answers a refused deposit with. */
export default function RestrictionNoticeText({ restriction }: { restriction: Restriction }) {
  return <span>{protectionMessages.restricted(restriction)}</span>;
}
