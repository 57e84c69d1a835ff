import type { Catalogue } from '../catalogue';

/** French texts of the watch page's player, the same keys as en-player.ts. */
export const frPlayer = {
  'player.label': 'Lecteur vidéo : {{title}}',
  'player.quality': 'Qualité',
  'player.speed': 'Vitesse',
  'player.defaultView': 'Affichage par défaut',
  'player.theaterMode': 'Mode cinéma',
  'player.defaultViewKey': 'Affichage par défaut (t)',
  'player.theaterModeKey': 'Mode cinéma (t)',
  'player.keysHint':
    'Touches utilisables partout sur la page sauf dans les champs de texte : Espace ou K lecture et pause, J et L reculer ou avancer de 10 secondes, flèches gauche et droite 5 secondes, M coupe le son, F plein écran, C sous-titres, T mode cinéma, 0 à 9 vont de 0 à 90 %, point d’interrogation liste tous les raccourcis.',
  'player.cannotPlay': 'Impossible de lire cette vidéo pour le moment.',
} satisfies Catalogue;
