import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';
import { AuthLayout, authLinkClass } from '../../features/auth/components/auth-layout.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

export default function LoginRoute() {
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to see today's tips, your plans and your booking codes."
      footer={
        <>
          New here?{' '}
          <Link to={paths.register} className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
