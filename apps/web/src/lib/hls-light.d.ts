// hls.js ships one set of typings; its light build (package export `hls.js/light`) has the same API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
