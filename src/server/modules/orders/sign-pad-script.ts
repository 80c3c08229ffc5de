/**
 * The signing page's only script, served from this site (/sign/pad.js): no framework, no third party. It lets
 * the signer draw with a finger or mouse (pointer events on a canvas) or type their name, enables the button
 * once the end of the order was reached and consent ticked, and posts the signature as JSON.
 */
export const SIGN_PAD_SCRIPT = `(() => {
  'use strict';
  const form = document.getElementById('sign-form');
  if (!form) return;
  const canvas = document.getElementById('sign-pad');
  const ctx = canvas.getContext('2d');
  const button = document.getElementById('sign-button');
  const consent = document.getElementById('consent');
  const hint = document.getElementById('sign-hint');
  const error = document.getElementById('sign-error');
  const typed = document.getElementById('typed-name');
  const end = document.getElementById('order-end');
  let reachedEnd = false;
  let drawn = 0;
  let drawing = false;

  const method = () => (form.querySelector('input[name="method"]:checked') || {}).value || 'drawn';
  const ready = () => reachedEnd && consent.checked && (method() === 'typed' ? typed.value.trim() !== '' : drawn > 3);
  const update = () => {
    const ok = ready();
    button.disabled = !ok;
    button.setAttribute('aria-disabled', String(!ok));
    hint.textContent = !reachedEnd
      ? 'יש לגלול ולקרוא את ההזמנה עד סופה'
      : method() === 'typed'
        ? typed.value.trim() === '' ? 'יש להקליד את השם המלא' : consent.checked ? '' : 'יש לסמן את תיבת ההסכמה'
        : drawn <= 3 ? 'יש לחתום בתיבת החתימה' : consent.checked ? '' : 'יש לסמן את תיבת ההסכמה';
  };

  const resize = () => {
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111827';
    drawn = 0;
    update();
  };
  const point = (event) => {
    const rect = canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  canvas.addEventListener('pointerdown', (event) => {
    event.preventDefault();
    canvas.setPointerCapture(event.pointerId);
    drawing = true;
    const p = point(event);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
  });
  canvas.addEventListener('pointermove', (event) => {
    if (!drawing) return;
    const p = point(event);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    drawn++;
  });
  const stop = () => {
    drawing = false;
    update();
  };
  canvas.addEventListener('pointerup', stop);
  canvas.addEventListener('pointercancel', stop);
  document.getElementById('clear-pad').addEventListener('click', () => {
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawn = 0;
    update();
  });
  for (const radio of form.querySelectorAll('input[name="method"]')) {
    radio.addEventListener('change', () => {
      document.getElementById('draw-box').hidden = method() !== 'drawn';
      document.getElementById('typed-box').hidden = method() !== 'typed';
      update();
    });
  }
  consent.addEventListener('change', update);
  typed.addEventListener('input', update);
  new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      reachedEnd = true;
      update();
    }
  }).observe(end);
  window.addEventListener('resize', () => { if (drawn === 0) resize(); });
  resize();

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!ready()) return update();
    button.disabled = true;
    error.textContent = '';
    const body = { method: method(), consent: true };
    if (body.method === 'drawn') body.signaturePng = canvas.toDataURL('image/png');
    else body.typedName = typed.value;
    const clientId = document.getElementById('client-id');
    if (clientId) {
      body.clientIdNumber = clientId.value;
      body.clientAddress = document.getElementById('client-address').value;
    }
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
      });
      const answer = await response.json().catch(() => ({}));
      if (response.ok) {
        const done = document.getElementById('sign-done');
        form.hidden = true;
        done.hidden = false;
        done.focus();
        return;
      }
      const fields = answer.fieldErrors || {};
      error.textContent = Object.values(fields)[0] || answer.message || 'החתימה לא נשמרה, נסו שוב.';
    } catch {
      error.textContent = 'אין חיבור לרשת. בדקו את החיבור ונסו שוב.';
    }
    update();
  });
})();
`;
