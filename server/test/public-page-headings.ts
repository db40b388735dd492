/** Each public page (PRODUCT 14) and the heading a visitor sees on it: for the server's and the browser's checks. */
export const publicPageHeadings: Record<string, string> = {
  '/': 'Smarter football tips. Steadier wins.',
  '/login': 'Welcome back',
  '/register': 'Create your account',
  '/forgot-password': 'Forgot your password?',
  '/booking-codes': 'Premium Booking Codes',
  '/free': 'Free Tips',
  '/free-tips': 'Free Tips',
  '/past-tips': 'Past Tips',
  '/live': 'Live Scores',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/responsible-gambling': 'Responsible Gambling',
};
