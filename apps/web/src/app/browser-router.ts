// What the app's start takes from the router. main.tsx imports this before the app, so the router's
// chunk is evaluated in a task of its own; importing 'react-router' itself there would keep all of
// its exports in the build.
export { createBrowserRouter, RouterProvider } from 'react-router';
