import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { AuthLayout, authLinkClass } from '../../features/auth/components/auth-layout.tsx';
import { RegisterForm } from '../../features/auth/components/register-form.tsx';

export default function RegisterRoute() {
  return (
    <AuthLayout
      wide
      title="Create your account"
      subtitle="Sign up with your email and phone, then confirm the code we email you."
      footer={
        <div className="flex flex-col items-center gap-2">
          <p>
            Already have an account?{' '}
            <Link to={paths.login} className={authLinkClass}>
              Log in
            </Link>
          </p>
          <Link to={paths.forgotPassword} className={authLinkClass}>
            Forgot password?
          </Link>
        </div>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}
