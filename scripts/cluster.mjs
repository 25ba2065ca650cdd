#!/usr/bin/env node
// A team's deployment on one machine, from the files in deploy/: nginx (deploy/nginx-shipping-lab.conf,
// TLS with a self-signed certificate) round-robin over instances of the built server started as
// deploy/shipping-lab@.service starts them, all on one PostgreSQL database. Only ports, the
// certificate and paths are substituted. Used by the cluster test (apps/server/src/cluster.test.ts)
// and the bench (bench/cluster.ts); `node scripts/cluster.mjs` runs one until Ctrl-C
// (DATABASE_URL must name a PostgreSQL database; the server must be built: npx tsc -b apps/server).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SITE = path.join(root, 'deploy/nginx-shipping-lab.conf');
const UNIT = path.join(root, 'deploy/shipping-lab@.service');

/** The nginx binary, or undefined when it is not installed (the cluster test is then skipped). */
export function nginxBinary() {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) if (fs.existsSync(p)) return p;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

/** A port the system hands out now (closed again before use). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The unit's Environment= lines and ExecStart, for instance `port` (%i), paths moved to this checkout. */
export function unitCommand(port) {
  const text = fs.readFileSync(UNIT, 'utf8');
  const env = {};
  let exec;
  for (const line of text.split('\n')) {
    const m = /^(Environment|ExecStart)=(.*)$/.exec(line.trim());
    if (!m) continue;
    const value = m[2].replaceAll('%i', String(port)).replaceAll('/opt/shipping-lab', root);
    if (m[1] === 'ExecStart') exec = value.split(/\s+/);
    else {
      const eq = value.indexOf('=');
      env[value.slice(0, eq)] = value.slice(eq + 1);
    }
  }
  if (!exec) throw new Error(`${UNIT} has no ExecStart`);
  // /usr/bin/node → the node running this script.
  return { command: exec[0].endsWith('/node') ? process.execPath : exec[0], args: exec.slice(1), env };
}

/** The site with the instances' ports, nginx's ports and the certificate substituted. */
export function siteConfig({ ports, httpPort, httpsPort, cert, key }) {
  let text = fs.readFileSync(SITE, 'utf8');
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  text = text.replace(
    /(upstream shipping_lab \{\n(?:\s*#.*\n)*)((?:\s*server 127\.0\.0\.1:\d+[^\n]*\n)+)/,
    `$1${servers}\n`,
  );
  text = text
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace('listen 443 ssl;', `listen 127.0.0.1:${httpsPort} ssl;`);
  text = text
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${cert};`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${key};`);
  return text;
}

/**
 * Starts the cluster: `instances` servers (the unit's command, `env` added — DATABASE_URL…; a function
 * of the https base when a setting names it) and nginx
 * in front. Answers its https base, the CA certificate to trust, and the instances to stop/start.
 */
export async function startCluster({ env, instances = 2, log = () => {} }) {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('nginx is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-cluster-'));
  fs.chmodSync(dir, 0o755);
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const ports = [];
  for (let i = 0; i < instances; i++) ports.push(await freePort());
  const httpPort = await freePort();
  const httpsPort = await freePort();
  const base = `https://127.0.0.1:${httpsPort}`;
  const ca = fs.readFileSync(cert);

  const servers = ports.map((port) => ({ port, child: undefined, output: '' }));
  /** Starts (or starts again) instance i; resolves once it listens. */
  const start = (i) => {
    const s = servers[i];
    const { command, args, env: unitEnv } = unitCommand(s.port);
    s.output = '';
    const child = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        ...unitEnv,
        NODE_EXTRA_CA_CERTS: cert,
        PUBLIC_BASE_URL: base,
        LOG_LEVEL: 'info',
        ...(typeof env === 'function' ? env(base) : env),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    s.child = child;
    s.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    return new Promise((resolve, reject) => {
      const onOutput = (d) => {
        s.output += d.toString();
        if (s.output.includes('Server listening at')) resolve(s);
      };
      child.stdout.on('data', onOutput);
      child.stderr.on('data', onOutput);
      child.once('exit', (code, signal) =>
        reject(new Error(`instance :${s.port} exited (${code ?? signal}): ${s.output}`)),
      );
    });
  };
  await Promise.all(servers.map((_, i) => start(i)));

  const site = path.join(dir, 'site.conf');
  fs.writeFileSync(site, siteConfig({ ports, httpPort, httpsPort, cert, key }));
  const asRoot = process.getuid?.() === 0;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      ...(asRoot ? ['user root;'] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  include ${site};`,
      '}',
    ].join('\n'),
  );
  const proxy = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let proxyOutput = '';
  proxy.stderr.on('data', (d) => (proxyOutput += d.toString()));
  const proxyExited = new Promise((resolve) => proxy.once('exit', resolve));
  // Whatever happens to the caller (a test runner tearing its worker down), nothing is left running.
  const reap = () => {
    for (const s of servers) s.child?.kill('SIGKILL');
    proxy.kill('SIGKILL');
  };
  process.once('exit', reap);
  // nginx is up once its port takes a connection (it binds before it forks its worker).
  await new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(httpsPort, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve()));
      socket.once('error', () => (proxy.exitCode === null ? setImmediate(attempt) : reject(new Error(proxyOutput))));
    };
    attempt();
  });
  log(`cluster: ${base} → ${ports.map((p) => `127.0.0.1:${p}`).join(', ')}`);

  return {
    base,
    ca,
    dir,
    servers,
    start,
    /** Sends `signal` to instance i; resolves with how it exited. */
    async signal(i, signal) {
      const s = servers[i];
      s.child.kill(signal);
      return s.exited;
    },
    async stop() {
      for (const s of servers)
        if (s.child && s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      proxy.kill('SIGQUIT');
      await proxyExited;
      process.off('exit', reap);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.env.DATABASE_URL?.startsWith('postgres')) {
    console.error('DATABASE_URL must name a PostgreSQL database');
    process.exit(2);
  }
  const cluster = await startCluster({ env: { DATABASE_URL: process.env.DATABASE_URL }, log: console.log });
  console.log(`trust ${cluster.dir}/cert.pem; Ctrl-C stops`);
  process.once('SIGINT', () => cluster.stop().then(() => process.exit(0)));
}
