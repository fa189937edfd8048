import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: a second process opening the same directory (e.g. `npm run
 * admin` while `npm start` runs) works on its own copy and one of them silently loses its writes.
 * This pid file makes the second one stop with a clear message instead. A file left by a process
 * that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'pglite.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `数据目录 ${dataDir} 正被另一个进程（pid ${holder}）使用：内置数据库只能由一个进程打开。` +
            '请先停止服务器，或设置 DATABASE_URL 改用 PostgreSQL。',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock ${path}`);
}
