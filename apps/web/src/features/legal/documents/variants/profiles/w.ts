import { variantBrandNames } from '../../../legal-variants';
import type { VariantProfile } from '../variant-profile';

export const wProfile: VariantProfile = {
  variant: 'w',
  brandName: variantBrandNames.w,
  clients: '淘号号网页版，即通过电脑或手机浏览器访问的淘号号网站及添加到桌面的网页应用',
  clientKind: 'web',
  positioning:
    '淘号号网页版是淘号号在浏览器中的版本，无需安装即可浏览、购买和出售游戏账号，与淘号号App使用同一账号、订单和钱包。',
  services: ['trade', 'recycle', 'compensation', 'promotion'],
  extraPermissions: [],
  privacyClauses: [
    {
      heading: '网页版的特别说明',
      paragraphs: [
        '网页版不读取设备的IMEI、MAC地址等硬件标识。为识别设备和防范盗号，我们在您首次访问时生成一个随机的设备ID，经加密后保存在浏览器本地；清除浏览器数据后会重新生成。',
        '在微信、QQ等第三方应用内置的浏览器中打开网页版时，该应用可能按其自身规则收集您的访问信息，请查阅其隐私政策。',
        '网页版的支付通过跳转支付机构页面或扫码完成，我们不接触您的银行卡密码和支付密码。',
      ],
    },
  ],
  agreementClauses: [
    {
      heading: '网页版的使用说明',
      list: [
        '上号助手、云手机、一键换绑等需要设备能力的功能仅在App中提供。网页版中点击这些功能时，我们会引导您下载App。',
        '在公共电脑或他人设备上使用网页版后，请主动退出登录并关闭浏览器；因未退出登录导致账号被他人操作的，由您自行承担后果。',
        '请通过浏览器地址栏核对访问的是平台官方网址，谨防仿冒网站。平台不会通过短信或聊天发送要求您输入账号密码的链接。',
      ],
    },
  ],
};
