import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  routeDiscovery: { mode: 'initial' },
  // Tests build into a separate folder (e.g. the client-bundle secrets check) without touching ./build.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
