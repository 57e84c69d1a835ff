import type { DetailedHTMLProps, HTMLAttributes } from 'react';

// media-chrome's custom elements in JSX. React 19 passes unknown props to custom elements as
// properties when the element has them, else as attributes.
type CustomElement = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  class?: string;
  [attribute: string]: unknown;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'media-controller': CustomElement;
      'media-control-bar': CustomElement;
      'media-play-button': CustomElement;
      'media-mute-button': CustomElement;
      'media-volume-range': CustomElement;
      'media-time-display': CustomElement;
      'media-time-range': CustomElement;
      'media-pip-button': CustomElement;
      'media-fullscreen-button': CustomElement;
      'media-loading-indicator': CustomElement;
      'media-settings-menu': CustomElement;
      'media-settings-menu-button': CustomElement;
      'media-settings-menu-item': CustomElement;
      'media-playback-rate-menu': CustomElement;
      'media-rendition-menu': CustomElement;
      'media-captions-menu': CustomElement;
      'media-captions-menu-button': CustomElement;
      'media-live-button': CustomElement;
    }
  }
}
