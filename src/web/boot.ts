// The page's only script in its HTML. Its styles are the one stylesheet the build links in the head; the app
// itself (main.tsx) is a separate chunk. On a server-rendered page the content, the stylesheet and the main
// image are already there, so the app is fetched after the page's `load` and the paint that follows it: on a
// slow link its code never competes with the largest image for bandwidth, nor its evaluation with that paint. Links and forms work
// before it arrives (forms post to the server). A page the server did not render (the signed-in area) needs the
// app to show anything, so it loads at once.
import './fonts.css';
import './styles.css';

/** React DOM in one task, the rest of the app's code in the next: two shorter tasks instead of one long one. */
const startApp = async () => {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await import('./main');
};

/** After the page's load, once the frame that shows what it loaded (the main image) has been painted. */
const afterLoadedPaint = () => requestAnimationFrame(() => setTimeout(() => void startApp(), 0));

if (document.getElementById('root')?.dataset.ssr !== 'hydrate') void startApp();
else if (document.readyState === 'complete') afterLoadedPaint();
else window.addEventListener('load', afterLoadedPaint, { once: true });
