/** The e-signature module's public API: the plugin, the subject port and the provider interface. */
export { esignPlugin, type ESignPluginOptions } from './routes.ts';
export { PROTOCOL_SIGNING_STATE, type ProtocolSubject, type ProtocolSubjects } from './protocol-subjects.ts';
export type { ESignProvider, Signer, SigningDocument, VerifiedSnapshot } from './esign-provider.ts';
