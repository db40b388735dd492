import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { AuthLayout, authLinkClass } from '../../features/auth/components/auth-layout.tsx';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a code to reset it."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login} className={authLinkClass}>
            Back to login
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
