export const paths = {
  landing: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyOtp: '/verify-otp',
  dashboard: '/dashboard',
} as const;
