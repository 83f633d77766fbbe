import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Where Control Desk v2 serves its submenu management, under the configured base (spec 000 §2.3). */
export const V2_SUBMENU_PATH = '/control-desk-v2/submenu-management';
/** Without a configured base: this product's own submenu editor, without the shell around it. */
export const OWN_SUBMENU_PATH = '/submenu_management?embedded=1';
/** Spec 000 §2.2: after the framed page logs out, the whole window goes here. */
export const LOGOUT_DESTINATION = '/control-desk/';

export function isLogoutMessage(data: unknown): boolean {
  return (
    data === 'logout' || (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'logout')
  );
}

type Props = {
  title: string;
  /** The configured v2 base; none frames this product's own submenu management. */
  base?: string;
  /** Leaves the app for the logout destination; replaceable in tests. */
  onLogout?: () => void;
};

const leave = () => window.location.assign(LOGOUT_DESTINATION);

/**
 * The v2 submenu management shown in a frame. It may ask the app to log out by posting 'logout' (or
 * {type: 'logout'}); only messages from that frame, from its own origin, are obeyed.
 */
export function EmbeddedV2Page({ title, base, onLogout = leave }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const src = base ? `${base}${V2_SUBMENU_PATH}` : OWN_SUBMENU_PATH;
  const origin = new URL(src, window.location.href).origin;

  useEffect(() => {
    const handleMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      if (event.source !== frame.current?.contentWindow) return;
      if (isLogoutMessage(event.data)) onLogout();
    };
    window.addEventListener('message', handleMessage);
    return () => window.removeEventListener('message', handleMessage);
  }, [origin, onLogout]);

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="iframe"
        ref={frame}
        title={title}
        src={src}
        sx={{ display: 'block', border: 0, width: '100%', height: 'calc(100vh - 170px)', bgcolor: 'background.paper' }}
      />
    </>
  );
}
