/**
 * English, the interface's own language: the spec's texts exactly (SPEC.md). Keys are flat and
 * grouped by screen; a plural has one key per form of Intl.PluralRules ('_one', '_other'). Every
 * other language is one file with the same keys (its own plural forms): docs/languages.md.
 */
import type { Catalogue } from './catalogue';
import { enPages } from './parts/en-pages';
import { enFeatures1 } from './parts/en-features1';
import { enFeatures2 } from './parts/en-features2';
import { enFlows } from './parts/en-flows';
import { enMoney } from './parts/en-money';
import { enPlayer } from './parts/en-player';
import { enCommon } from './parts/en-common';

export type { Catalogue };

export const en = {
  'language.label': 'Language',
  'theme.switch': 'Switch to {{theme}} theme',
  'theme.light': 'light',
  'theme.dark': 'dark',

  'topBar.openMenu': 'Open menu',
  'topBar.search': 'Search',
  'topBar.yourChannel': 'Your channel',
  'topBar.signIn': 'Sign in',
  'topBar.createAccount': 'Create account',

  'comments.heading': 'Comments',
  // SPEC §2 writes the heading '{n} Comments' for every n (its tests read '1 Comments').
  'comments.count_one': '{{count}} Comments',
  'comments.count_other': '{{count}} Comments',
  'comments.sortBy': 'Sort by',
  'comments.oldest': 'Oldest',
  'comments.top': 'Top',
  'comments.newest': 'Newest',
  'comments.loading': 'Loading comments...',
  'comments.loadFailed': 'Comments could not be loaded.',
  'common.tryAgain': 'Try Again',
  'common.cancel': 'Cancel',
  'common.unknown': 'Unknown',
  'comments.add': 'Add a comment',
  'comments.addPlaceholder': 'Add a comment...',
  'comments.send': 'Comment',

  'watch.likeVideo': 'Like video',
  'video.exclusive': 'Exclusive',
  'video.exclusiveHidden': '(Exclusive video)',
  'video.liveBadge': 'LIVE',
  'video.liveHidden': '(Live now)',

  'signUp.allRequired': 'All fields are required, including an avatar image.',
  'signUp.avatarNotImage': 'The avatar must be an image file.',
  'signUp.passwordsDiffer': 'Passwords do not match',
  'signUp.passwordsMatch': '✓ Passwords match',
  'signUp.passwordsMismatch': '✗ Passwords do not match',
  'signUp.created': 'Account created',
  'signUp.awaitingApproval': 'An administrator must approve your account before you can sign in.',
  'signUp.awaitingVerification': 'We mailed you a link: open it to confirm your email address, then sign in.',
  'signUp.title': 'Create your account',
  'signUp.fullname': 'Full name',
  'signUp.username': 'Username',
  'signUp.email': 'Email',
  'signUp.password': 'Password',
  'signUp.confirmPassword': 'Confirm password',
  'signUp.submit': 'Create Account',
  'signUp.haveAccount': 'Already have an account?',
  'signUp.signIn': 'Sign In',

  'signIn.needIdentifier': 'Please enter your username or email.',
  'signIn.needPassword': 'Please enter your password.',
  'signIn.needCode': 'Please enter the code.',
  'signIn.title': 'Sign In',
  'signIn.identifier': 'Username or email',
  'signIn.password': 'Password',
  'signIn.code': 'Enter the 6-digit code from your app, or a recovery code',
  'signIn.forgot': 'Forgot password?',
  'signIn.submit': 'Sign In',
  'signIn.passkey': 'Use a passkey',
  'signIn.new': 'New to StreamHub?',
  'signIn.createFree': 'Create a free account',

  'count.views_one': '{{formatted}} view',
  'count.views_other': '{{formatted}} views',
  'count.subscribers_one': '{{formatted}} subscriber',
  'count.subscribers_other': '{{formatted}} subscribers',
  'count.users_one': '{{formatted}} user',
  'count.users_other': '{{formatted}} users',
  'count.reports_one': '{{formatted}} report',
  'count.reports_other': '{{formatted}} reports',
  'count.comments_one': '{{formatted}} comment',
  'count.comments_other': '{{formatted}} comments',
  'count.likes_one': '{{formatted}} like',
  'count.likes_other': '{{formatted}} likes',
  'count.videos_one': '{{formatted}} video',
  'count.videos_other': '{{formatted}} videos',
  ...enPages,
  ...enFeatures1,
  ...enFeatures2,
  ...enFlows,
  ...enMoney,
  ...enPlayer,
  ...enCommon,
} satisfies Catalogue;
