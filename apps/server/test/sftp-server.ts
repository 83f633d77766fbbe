import ssh2 from 'ssh2';

const { Server, utils } = ssh2;
const STATUS = utils.sftp.STATUS_CODE;

/**
 * A real SFTP server on loopback for the SAP delivery tests (ssh2's server): password login for one user, files
 * kept in memory. `refuseLogins` makes the next logins fail, as a locked account or a wrong password would.
 */
export async function startSftpServer(user: string, password: string) {
  const files = new Map<string, Buffer>();
  const state = { refuseLogins: 0, logins: 0 };
  const hostKey = utils.generateKeyPairSync('ed25519').private;
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (ctx) => {
      if (ctx.method !== 'password') return ctx.reject(['password']);
      if (state.refuseLogins > 0) {
        state.refuseLogins--;
        return ctx.reject();
      }
      if (ctx.username === user && ctx.password === password) {
        state.logins++;
        return ctx.accept();
      }
      return ctx.reject();
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const open = new Map<string, { path: string; chunks: Buffer[] }>();
          let next = 0;
          sftp.on('OPEN', (reqid, filename) => {
            const handle = Buffer.from(String(next++));
            open.set(handle.toString(), { path: filename, chunks: [] });
            sftp.handle(reqid, handle);
          });
          sftp.on('WRITE', (reqid, handle, _offset, data) => {
            open.get(handle.toString())?.chunks.push(Buffer.from(data));
            sftp.status(reqid, STATUS.OK);
          });
          sftp.on('CLOSE', (reqid, handle) => {
            const f = open.get(handle.toString());
            if (f) files.set(f.path, Buffer.concat(f.chunks));
            open.delete(handle.toString());
            sftp.status(reqid, STATUS.OK);
          });
          sftp.on('RENAME', (reqid, from, to) => {
            const f = files.get(from);
            if (!f) return sftp.status(reqid, STATUS.NO_SUCH_FILE);
            files.delete(from);
            files.set(to, f);
            sftp.status(reqid, STATUS.OK);
          });
          sftp.on('REALPATH', (reqid, path) =>
            sftp.name(reqid, [{ filename: path, longname: path, attrs: {} as never }]),
          );
          const stat = (reqid: number, path: string) => {
            if (path === '/' || path === '/inbox' || path === '/inbox/')
              return sftp.attrs(reqid, { mode: 0o40755, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 });
            const f = files.get(path);
            if (!f) return sftp.status(reqid, STATUS.NO_SUCH_FILE);
            sftp.attrs(reqid, { mode: 0o100644, uid: 0, gid: 0, size: f.length, atime: 0, mtime: 0 });
          };
          sftp.on('STAT', stat);
          sftp.on('LSTAT', stat);
        });
      });
    });
    client.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    files,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
