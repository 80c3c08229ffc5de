// The page's only script in its HTML. Its styles are the one stylesheet the build links in the head; the app
// itself (main.tsx) is a separate chunk. On a server-rendered page the content, the stylesheet and the main
// image are already there, so the app is fetched after the page's `load`: on a slow link its code never
// competes with the largest image for bandwidth, nor its evaluation with the first paint. Links and forms work
// before it arrives (forms post to the server). A page the server did not render (the signed-in area) needs the
// app to show anything, so it loads at once.
import '@fontsource/heebo/400.css';
import '@fontsource/heebo/500.css';
import '@fontsource/heebo/700.css';
import '@fontsource/heebo/800.css';
import './styles.css';

const startApp = () => import('./main');

if (document.getElementById('root')?.dataset.ssr !== 'hydrate' || document.readyState === 'complete') {
  void startApp();
} else {
  window.addEventListener('load', () => void startApp(), { once: true });
}
