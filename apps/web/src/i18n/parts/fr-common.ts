import type { Catalogue } from '../catalogue';

/** French texts shared by several screens, the same keys as en-common.ts. */
export const frCommon = {
  'auth.timeout': 'Le serveur a mis trop de temps à répondre. Veuillez réessayer.',
  'auth.errorOccurred': 'Une erreur est survenue',
  'mailedLink.verifyTitle': 'Confirmez votre adresse e-mail',
  'mailedLink.verifyButton': 'Confirmer mon adresse',
  'mailedLink.verifyDone': 'Votre adresse e-mail est confirmée. Vous pouvez vous connecter.',
  'mailedLink.changeTitle': 'Confirmez votre nouvelle adresse e-mail',
  'mailedLink.changeButton': 'Confirmer ma nouvelle adresse',
  'mailedLink.changeDone': 'Votre compte utilise désormais cette adresse e-mail.',
  'mailedLink.tryAgain': 'Veuillez réessayer.',
  'mailedLink.incomplete': 'Ce lien est incomplet.',
  'removeToast.removed': 'Supprimée !',
  'removeToast.error': 'Erreur',
  'liveStatus.waiting': 'En attente du flux',
  'liveStatus.live': 'En direct',
  'liveStatus.ended': 'Diffusion terminée',
  'liveStatus.watching_one': '{{formatted}} spectateur',
  'liveStatus.watching_many': '{{formatted}} de spectateurs',
  'liveStatus.watching_other': '{{formatted}} spectateurs',
  'liveStatus.startsSoon': 'La diffusion commence bientôt',
  'liveStatus.replayProcessing': 'Diffusion terminée, rediffusion en préparation',
} satisfies Catalogue;
