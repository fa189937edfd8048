import { thirdPartyLabels, type ThirdPartyProvider } from '@haoshi/contracts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const colors: Record<ThirdPartyProvider, string> = { wechat: '#07c160', qq: '#12b7f5', douyin: '#161823' };

/** The built-in provider's authorize page: which account to authorize, approve or refuse. */
export function oauthAuthorizePage(input: {
  provider: ThirdPartyProvider;
  state: string;
  redirectUri: string;
  action: string;
  error?: string;
}) {
  const label = thirdPartyLabels[input.provider];
  const color = colors[input.provider];
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const fields =
    hidden('provider', input.provider) +
    hidden('state', input.state) +
    hidden('redirect_uri', input.redirectUri);
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${label}授权登录</title>
<style>
body{margin:0;font:15px/1.5 -apple-system,"PingFang SC","Noto Sans CJK SC",sans-serif;background:#f5f5f5;color:#222}
header{background:${color};color:#fff;padding:28px 20px;text-align:center}
header h1{margin:0;font-size:20px}header p{margin:6px 0 0;opacity:.85;font-size:13px}
main{padding:20px}
.card{background:#fff;border-radius:12px;padding:18px}
.card ul{margin:8px 0 0;padding-left:18px;color:#555;font-size:14px}
label{display:block;margin-top:16px;font-size:14px;color:#555}
input[type=text]{box-sizing:border-box;width:100%;margin-top:6px;padding:12px;border:1px solid #ddd;border-radius:8px;font-size:16px}
.error{color:#d4380d;font-size:13px;margin:8px 0 0}
button{display:block;width:100%;margin-top:18px;padding:13px;border:0;border-radius:24px;font-size:16px}
.primary{background:${color};color:#fff}.link{background:none;color:#666;margin-top:8px}
.note{margin-top:16px;text-align:center;font-size:12px;color:#999}
</style></head><body>
<header><h1>${label}授权</h1><p>“好氏”申请使用你的${label}账号</p></header>
<main>
<section class="card"><strong>授权后应用将获得：</strong>
<ul><li>你的${label}昵称</li><li>${label}账号唯一标识（用于绑定与登录）</li></ul>
<form method="post" action="${input.action}">
${fields}
<label for="account">${label}账号</label>
<input type="text" id="account" name="account" required minlength="2" maxlength="20" placeholder="输入要授权的${label}账号昵称" data-testid="oauth-account">
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<button type="submit" class="primary" name="decision" value="approve" data-testid="oauth-approve">同意授权</button>
<button type="submit" class="link" name="decision" value="deny" formnovalidate data-testid="oauth-deny">拒绝</button>
</form></section>
<p class="note">内置第三方授权服务：在本机模拟开放平台授权，不连接外部网络</p>
</main></body></html>`;
}
