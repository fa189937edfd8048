import { fenToAmount } from '@haoshi/contracts';
import type { SandboxPaymentRow } from './sandbox-gateway.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const themes = {
  wechat: { brand: '微信支付', color: '#07c160', pressed: '#06ad56', background: '#ededed', logo: '✓' },
  alipay: { brand: '支付宝', color: '#1677ff', pressed: '#0e5fd8', background: '#f5f5f5', logo: '支' },
} as const;

const statusTexts = {
  paid: { title: '支付成功', tip: '款项已支付，请返回商户查看充值结果' },
  closed: { title: '订单已关闭', tip: '该订单已取消或已过期，请返回商户重新下单' },
} as const;

/** The sandbox cashier: a phone page in the look of the WeChat Pay or Alipay cashier. */
export function cashierPage(
  payment: SandboxPaymentRow,
  merchantName: string,
  returnUrl: string,
  actionBase: string,
) {
  const theme = themes[payment.channel];
  const amount = fenToAmount(payment.amount);
  const done = payment.status === 'pending' ? null : statusTexts[payment.status];
  const body = done
    ? `<section class="result" role="status">
         <div class="result-icon ${payment.status}">${payment.status === 'paid' ? '✓' : '!'}</div>
         <h1>${done.title}</h1>
         <p class="tip">${done.tip}</p>
         <p class="amount small">¥${amount}</p>
         <a class="primary" data-testid="cashier-return" href="${escapeHtml(returnUrl)}">返回商户</a>
       </section>`
    : `<section class="card">
         <p class="merchant">${escapeHtml(merchantName)}</p>
         <p class="amount" aria-label="支付金额 ${amount} 元"><span>¥</span>${amount}</p>
         <dl>
           <div><dt>商品</dt><dd>${escapeHtml(payment.subject)}</dd></div>
           <div><dt>收款方</dt><dd>${escapeHtml(merchantName)}</dd></div>
           <div><dt>订单号</dt><dd data-testid="cashier-order-no">${escapeHtml(payment.outTradeNo)}</dd></div>
         </dl>
       </section>
       <p class="sandbox-note">沙箱环境：确认后不会真实扣款</p>
       <form method="post" action="${actionBase}/pay">
         <button type="submit" class="primary" data-testid="cashier-confirm">确认支付 ¥${amount}</button>
       </form>
       <form method="post" action="${actionBase}/cancel">
         <button type="submit" class="link" data-testid="cashier-cancel">取消支付</button>
       </form>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${theme.brand}</title>
<style>
*{box-sizing:border-box;margin:0;padding:0}
body{font:15px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;
  background:${theme.background};color:#191919;min-height:100vh;max-width:480px;margin:0 auto}
header{display:flex;align-items:center;justify-content:center;gap:8px;height:48px;background:#fff;font-weight:600;font-size:17px}
header .logo{display:inline-flex;width:22px;height:22px;border-radius:50%;background:${theme.color};color:#fff;
  font-size:13px;align-items:center;justify-content:center}
.card{background:#fff;margin:12px;border-radius:8px;padding:28px 20px 8px;text-align:center}
.merchant{color:#4c4c4c;font-size:15px}
.amount{font-size:40px;font-weight:600;margin:8px 0 20px;font-variant-numeric:tabular-nums}
.amount span{font-size:26px;margin-right:2px}
.amount.small{font-size:24px;margin:12px 0 24px}
dl{border-top:1px solid #f0f0f0;text-align:left}
dl div{display:flex;justify-content:space-between;gap:16px;padding:12px 0;border-bottom:1px solid #f5f5f5;font-size:14px}
dl div:last-child{border-bottom:0}
dt{color:#888;flex:none}
dd{word-break:break-all;text-align:right}
.sandbox-note{color:#999;font-size:12px;text-align:center;margin:4px 12px 20px}
form{margin:0 16px}
.primary{display:block;width:100%;height:48px;border:0;border-radius:8px;background:${theme.color};color:#fff;
  font-size:17px;font-weight:600;text-align:center;line-height:48px;text-decoration:none;cursor:pointer}
.primary:active{background:${theme.pressed}}
.link{display:block;width:100%;height:44px;margin-top:8px;border:0;background:none;color:#576b95;font-size:15px;cursor:pointer}
.result{background:#fff;margin:12px;border-radius:8px;padding:36px 20px 24px;text-align:center}
.result h1{font-size:20px;margin-top:12px}
.result .tip{color:#888;font-size:14px;margin-top:6px}
.result-icon{width:64px;height:64px;border-radius:50%;margin:0 auto;color:#fff;font-size:34px;line-height:64px}
.result-icon.paid{background:${theme.color}}
.result-icon.closed{background:#fa9d3b}
</style>
</head>
<body>
<header><span class="logo" aria-hidden="true">${theme.logo}</span>${theme.brand}</header>
<main>${body}</main>
</body>
</html>`;
}
