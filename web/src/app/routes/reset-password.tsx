import { Navigate } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { AuthLayout, authLinkClass } from '../../features/auth/components/auth-layout.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { useCarriedEmail } from '../../features/auth/components/use-carried-email.ts';

export default function ResetPasswordRoute() {
  const email = useCarriedEmail();
  if (!email) return <Navigate to={paths.forgotPassword} replace />;
  return (
    <AuthLayout
      title="Reset your password"
      subtitle={
        <>
          Enter the code we sent to <strong className="break-words text-white">{email}</strong> and choose a
          new password.
        </>
      }
      footer={
        <Link to={paths.login} className={authLinkClass}>
          Back to login
        </Link>
      }
    >
      <ResetPasswordForm email={email} />
    </AuthLayout>
  );
}
