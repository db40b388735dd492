import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { AuthLayout, authLinkClass } from '../../features/auth/components/auth-layout.tsx';
import { VerifyOtpForm } from '../../features/auth/components/verify-otp-form.tsx';

export default function VerifyOtpRoute() {
  return (
    <AuthLayout
      title="Verify your email"
      subtitle="We emailed you a 6-digit code. Codes are valid for 10 minutes."
      footer={
        <>
          Already verified?{' '}
          <Link to={paths.login} className={authLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      <VerifyOtpForm />
    </AuthLayout>
  );
}
