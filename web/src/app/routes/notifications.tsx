import { NotificationHistory } from '../../features/notifications/components/notification-history.tsx';

export default function NotificationsRoute() {
  return <NotificationHistory />;
}
