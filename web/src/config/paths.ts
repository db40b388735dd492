export const paths = {
  landing: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyOtp: '/verify-otp',
  dashboard: '/dashboard',
  wallet: '/wallet',
  referral: '/referral',
  paymentReturn: '/payments/return',
  admin: '/admin',
} as const;
