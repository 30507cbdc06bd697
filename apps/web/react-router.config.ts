import type { Config } from '@react-router/dev/config';

// Server-side rendering everywhere: public pages must be indexable and /mypage
// is rendered from the session cookie before any script runs.
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
