/**
 * The identity provider's own pages: a sign-in form and an error page. Self-contained HTML with inline
 * styles and no scripts (the server's CSP allows scripts from 'self' only).
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f5f7;
    font-family:"Nunito Sans",system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933}
  main{width:100%;max-width:380px;margin:16px;padding:32px;background:#fff;border-radius:12px;
    box-shadow:0 4px 24px rgba(15,23,42,.08)}
  h1{margin:0 0 4px;font-size:22px}
  .sub{margin:0 0 24px;color:#52606d;font-size:14px}
  label{display:block;margin:16px 0 6px;font-weight:600;font-size:14px}
  input{width:100%;padding:10px 12px;border:1px solid #cbd2d9;border-radius:8px;font-size:15px}
  input:focus{outline:2px solid #f5b700;border-color:#f5b700}
  button{width:100%;margin-top:24px;padding:11px;border:0;border-radius:8px;background:#f5b700;color:#1f2933;
    font-size:15px;font-weight:700;cursor:pointer}
  button.secondary{margin-top:8px;background:transparent;color:#52606d;font-weight:600}
  .error{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#fdecea;color:#8a1c1c;font-size:14px}
  .hint{margin:20px 0 0;padding:10px 12px;border-radius:8px;background:#f0f4f8;color:#52606d;font-size:13px}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export type LoginPageOptions = {
  title: string;
  /** Where the form posts: the interaction's own path plus /login. */
  action: string;
  /** Where the cancel button posts. */
  abortAction: string;
  clientName: string;
  email?: string;
  emailPlaceholder?: string;
  error?: string;
  hint?: string;
};

export function renderLoginPage(o: LoginPageOptions): string {
  return page(
    o.title,
    `<h1>${escapeHtml(o.title)}</h1>
<p class="sub">Sign in to continue to ${escapeHtml(o.clientName)}</p>
${o.error ? `<p class="error" role="alert">${escapeHtml(o.error)}</p>` : ''}
<form method="post" action="${escapeHtml(o.action)}" autocomplete="on">
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" required autofocus autocomplete="username" value="${escapeHtml(o.email ?? '')}" placeholder="${escapeHtml(o.emailPlaceholder ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required autocomplete="current-password">
  <button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(o.abortAction)}"><button type="submit" class="secondary">Cancel</button></form>
${o.hint ? `<p class="hint">${escapeHtml(o.hint)}</p>` : ''}`,
  );
}

export function renderErrorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="error" role="alert">${escapeHtml(message)}</p>`);
}
