import crypto from 'node:crypto';
import path from 'node:path/posix';

export type SftpTarget = {
  host: string;
  port: number;
  username: string;
  password: string;
  dir: string;
  /** SHA-256 of the server's host key, base64 (as `ssh-keygen -l` prints after SHA256:); unset: not checked. */
  hostKey?: string;
};

/** `sftp://user:password@host:port/dir` → the target; undefined when not configured. */
export function sftpTarget(url: string | undefined, hostKey?: string): SftpTarget | undefined {
  if (!url) return undefined;
  const u = new URL(url);
  if (u.protocol !== 'sftp:') throw new Error('SAP_SFTP_URL must start with sftp://');
  return {
    host: u.hostname,
    port: Number(u.port || 22),
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    dir: decodeURIComponent(u.pathname) || '/',
    hostKey: hostKey?.replace(/^SHA256:/, ''),
  };
}

/**
 * Puts the files on the SAP server's SFTP inbox: each is written under a temporary name and renamed, so the
 * SAP side never picks up half a file. Times out after 20 s; the error says what failed, without the password.
 */
export async function deliverBySftp(target: SftpTarget, files: { name: string; content: string }[]): Promise<void> {
  const { default: SftpClient } = await import('ssh2-sftp-client');
  const sftp = new SftpClient('control-desk-sap');
  try {
    await sftp.connect({
      host: target.host,
      port: target.port,
      username: target.username,
      password: target.password,
      readyTimeout: 20_000,
      retries: 0,
      ...(target.hostKey
        ? {
            hostVerifier: (key: Buffer) =>
              crypto.createHash('sha256').update(key).digest('base64').replace(/=+$/, '') ===
              target.hostKey!.replace(/=+$/, ''),
          }
        : {}),
    });
    for (const f of files) {
      const final = path.join(target.dir, f.name);
      const temp = `${final}.part`;
      await sftp.put(Buffer.from(f.content, 'utf8'), temp);
      await sftp.rename(temp, final);
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(
      `SFTP delivery to ${target.host}:${target.port} failed: ${message.replaceAll(target.password, '***')}`,
    );
  } finally {
    await sftp.end().catch(() => undefined);
  }
}
