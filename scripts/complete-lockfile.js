// `npm run lock:complete` — run after `npm install` changes package-lock.json.
//
// Why: this workplace's npm registry mirror serves only some platform builds of packages that ship one optional
// package per OS/CPU (rollup, Tailwind's oxide). `npm install` quietly leaves the 404s out of package-lock.json, and
// `npm ci` then refuses the lockfile ("Missing: … from lock file") — here and on every other machine. This adds an
// entry for each optional dependency the lockfile names but lacks, with `os`/`cpu`/`libc` read from the package name,
// so npm skips it on platforms it does not fit and fetches it by name and version where it does.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;

function platformOf(name) {
  const tail = name.split('/').pop();
  const os = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'].find((o) =>
    new RegExp(`-${o}-`).test(`-${tail}-`),
  );
  const cpu = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'].find((c) =>
    new RegExp(`-${c}(-|$)`).test(`-${tail.replace(/-(gnueabihf|musleabihf|eabi)/, '-arm$1')}`.replace('-armgnueabihf', '-arm').replace('-armmusleabihf', '-arm').replace('-armeabi', '-arm')),
  );
  const libc = /musl/.test(tail) ? 'musl' : /-gnu/.test(tail) && os === 'linux' ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[base] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform build: leave it for npm to report
    packages[`node_modules/${dep}`] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      license: entry.license,
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform-only optional entries`);
