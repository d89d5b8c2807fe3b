import type { AppCore } from '../handlers/index.ts';

/**
 * The part of the app core that the two hosts use: they and their tests depend on this surface only, so a
 * fake core in a test and the real one both fit, and a fake that answers with the wrong shape fails tsc.
 */
export type HostCore = Pick<AppCore, 'dispatch' | 'imageFile' | 'attachmentFile'>;
