// hexrules board: keep Leaflet's idea of its box in step with the page's layout.
//
// Leaflet measures its container only when the window is resized (or when ipywidgets sends
// the map a resize message). In the explorer the map's box also changes when the controls
// wrap onto another row, when the web font arrives, or when the chart beside it grows; the
// map then kept its old size and showed off-centre or clipped. This view watches the map's
// box (a ResizeObserver) and, when it changes, dispatches a window "resize" event, which
// Leaflet answers with invalidateSize(); the board then re-fits the whole map (board.py).
// It draws nothing and decides nothing.

function findMap(el) {
  const board = el.closest(".hexrules-board");
  return board ? board.querySelector(".hexrules-map") : null;
}

export default {
  render({ el }) {
    el.style.display = "none";
    let observer = null;
    let frame = 0;
    let tries = 0;
    let last = "";
    const changed = (entries) => {
      const box = entries[entries.length - 1].contentRect;
      const key = `${Math.round(box.width)}x${Math.round(box.height)}`;
      if (key === last) return;
      last = key;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => window.dispatchEvent(new Event("resize")));
    };
    const attach = () => {
      const map = findMap(el);
      if (map) {
        observer = new ResizeObserver(changed);
        observer.observe(map);
      } else if (tries++ < 100) {
        setTimeout(attach, 100); // the map's view is rendered after this one
      }
    };
    attach();
    return () => {
      cancelAnimationFrame(frame);
      if (observer) observer.disconnect();
    };
  },
};
