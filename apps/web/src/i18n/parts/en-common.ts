import type { Catalogue } from '../catalogue';

/** English texts shared by several screens: sign-in failures, mailed links, the remove buttons' toasts. */
export const enCommon = {
  'auth.timeout': 'The server took too long to answer. Please try again.',
  // SPEC §8: the server's text, else this.
  'auth.errorOccurred': 'An error occurred',
  'mailedLink.verifyTitle': 'Confirm your email',
  'mailedLink.verifyButton': 'Confirm my address',
  'mailedLink.verifyDone': 'Your email address is confirmed. You can sign in.',
  'mailedLink.changeTitle': 'Confirm your new email',
  'mailedLink.changeButton': 'Confirm my new address',
  'mailedLink.changeDone': 'Your account now uses this email address.',
  'mailedLink.tryAgain': 'Please try again.',
  'mailedLink.incomplete': 'This link is incomplete.',
  // SPEC: the remove buttons of Liked Videos and Watch History.
  'removeToast.removed': 'Removed!',
  'removeToast.error': 'Error',
  'liveStatus.waiting': 'Waiting for the stream',
  'liveStatus.live': 'Live',
  'liveStatus.ended': 'Stream ended',
  'liveStatus.watching_one': '{{formatted}} watching',
  'liveStatus.watching_other': '{{formatted}} watching',
  'liveStatus.startsSoon': 'The stream starts soon',
  'liveStatus.replayProcessing': 'Stream ended, replay processing',
} satisfies Catalogue;
