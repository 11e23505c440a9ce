import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../server/helpers/server-process';

const PG_BIN = '/usr/lib/postgresql/15/bin';

const asPostgres = (command: string): void => void execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio: 'ignore' });

/** A PostgreSQL 15 cluster for a benchmark on 127.0.0.1 (the machine's binaries, run as postgres), removed by stop(). */
export async function startThrowawayPostgres(): Promise<{ url: string; stop(): void }> {
  const dir = mkdtempSync('/tmp/kechuang-bench-pg-');
  chmodSync(dir, 0o777);
  const port = await freePort();
  asPostgres(`${PG_BIN}/initdb -N -D '${dir}/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`);
  asPostgres(
    `${PG_BIN}/pg_ctl -D '${dir}/data' -w -l '${dir}/log' -o "-c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c unix_socket_directories='${dir}'" start`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        asPostgres(`${PG_BIN}/pg_ctl -D '${dir}/data' -m fast stop`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
