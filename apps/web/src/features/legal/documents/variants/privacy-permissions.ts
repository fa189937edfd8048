import type { LegalSection } from '../../legal-document';
import type { ClientKind, VariantProfile } from './variant-profile';

const appPermissions: string[][] = [
  ['相机', '实名认证人脸识别、拍摄账号截图、扫码登录', '无法完成人脸识别和扫码，可改为从相册上传截图'],
  ['相册/存储', '上传账号截图、聊天图片和举证材料，保存二维码和协议文件', '无法上传或保存图片'],
  ['麦克风', '发送语音消息、录制验号或找回举证视频', '无法发送语音和录制视频'],
  [
    '位置',
    '交易风控中识别异地登录，仅在风险提示时请求，不在后台持续获取',
    '风险较高的操作可能需要改为人工核验',
  ],
  ['通讯录', '大额提现或申请包赔时选择一位紧急联系人，仅读取您选中的联系人', '可手动填写紧急联系人'],
  ['通知', '推送订单进度、聊天消息和账号安全提醒', '需进入App查看消息'],
];

const browserPermissions: string[][] = [
  ['摄像头（浏览器授权）', '实名认证人脸识别', '无法在网页完成人脸识别，可下载App完成'],
  ['位置（浏览器授权）', '交易风控中识别异地登录，仅在风险提示时请求', '风险较高的操作可能需要改为人工核验'],
  ['通知（已安装到桌面的网页应用）', '推送订单进度和聊天消息', '需打开网页查看消息'],
];

const permissionsByKind: Record<ClientKind, string[][]> = {
  app: appPermissions,
  ios: appPermissions,
  web: browserPermissions,
};

export function permissionSection(p: VariantProfile): LegalSection {
  return {
    heading: '设备权限的调用',
    paragraphs: [
      '下列权限仅在您使用对应功能时由系统弹窗向您申请，您可以随时在系统设置中关闭；关闭某项权限只影响对应功能，不影响其他功能。我们不会在您未使用相关功能时调用权限。',
    ],
    table: {
      columns: ['权限', '使用场景', '拒绝后的影响'],
      rows: [...permissionsByKind[p.clientKind], ...p.extraPermissions],
    },
  };
}

const storageWording: Record<ClientKind, string> = {
  app: '客户端会在设备本地保存登录状态、经加密的设备签名和访问渠道，用于保持登录、识别设备和防范盗号。卸载客户端或退出登录后，本地保存的登录状态即被清除。',
  ios: '客户端会在设备本地和钥匙串中保存登录状态、经加密的设备签名，用于保持登录、识别设备和防范盗号。退出登录后登录状态即被清除。',
  web: '网页会使用浏览器的Cookie、会话存储和本地存储保存登录状态、经加密的设备签名和访问渠道。关闭页面后会话存储即被清除；您可在浏览器设置中清除Cookie和本地存储，清除后需要重新登录。',
};

export function cookieSection(p: VariantProfile): LegalSection {
  return {
    heading: 'Cookie及同类技术的使用',
    paragraphs: [
      storageWording[p.clientKind],
      '我们不使用上述技术跨应用或跨网站追踪您，也不将其用于本政策所述目的以外的任何用途。',
    ],
  };
}
