import { isIP } from 'node:net';

/** "iPhone · 微信", "Android · Chrome", "Windows · Edge" from a User-Agent; never empty. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent;
  const system = /HarmonyOS|OpenHarmony/i.test(ua)
    ? '鸿蒙'
    : /iPad/i.test(ua)
      ? 'iPad'
      : /iPhone|iPod/i.test(ua)
        ? 'iPhone'
        : /Android/i.test(ua)
          ? 'Android'
          : /Windows/i.test(ua)
            ? 'Windows'
            : /Mac OS X|Macintosh/i.test(ua)
              ? 'Mac'
              : /Linux/i.test(ua)
                ? 'Linux'
                : '';
  const app = /MicroMessenger/i.test(ua)
    ? '微信'
    : /AlipayClient/i.test(ua)
      ? '支付宝'
      : /\bQQ\//i.test(ua)
        ? 'QQ'
        : /Edg\//i.test(ua)
          ? 'Edge'
          : /HeadlessChrome|Chrome\//i.test(ua)
            ? 'Chrome'
            : /Firefox\//i.test(ua)
              ? 'Firefox'
              : /Safari\//i.test(ua)
                ? 'Safari'
                : '';
  const parts = [system, app].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '未知设备';
}

/**
 * A built-in, offline IP-to-place lookup: reserved ranges by name, and the first octets of the large
 * mainland carrier blocks by province. Unknown public addresses say so rather than guess.
 */
const ipv4Places: ReadonlyArray<[prefix: string, place: string]> = [
  ['127.', '本机'],
  ['10.', '局域网'],
  ['192.168.', '局域网'],
  ['169.254.', '局域网'],
  ['100.64.', '运营商内网'],
  ['114.114.', '江苏省 南京市'],
  ['116.228.', '上海市'],
  ['120.204.', '上海市'],
  ['123.125.', '北京市'],
  ['202.106.', '北京市'],
  ['221.4.', '广东省 广州市'],
  ['113.108.', '广东省 深圳市'],
  ['183.60.', '广东省 深圳市'],
  ['218.108.', '浙江省 杭州市'],
  ['61.139.', '四川省 成都市'],
  ['202.103.', '湖北省 武汉市'],
  ['58.20.', '湖南省 长沙市'],
  ['218.30.', '陕西省 西安市'],
];

export function placeOfIp(ip: string): string {
  const address = ip.replace(/^::ffff:/i, '');
  const family = isIP(address);
  if (family === 0) return '未知地区';
  if (family === 6) return address === '::1' ? '本机' : /^f[cd]/i.test(address) ? '局域网' : '未知地区';
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(address)) return '局域网';
  return ipv4Places.find(([prefix]) => address.startsWith(prefix))?.[1] ?? '未知地区';
}
