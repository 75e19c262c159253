"""Voila's configuration for the instructor demo (``make voila``; the README's Widgets section).

``make voila`` runs Voila with ``JUPYTER_CONFIG_PATH`` and ``JUPYTER_PATH`` set to this folder,
so Voila reads this file and finds the ``hexrules`` template in ``voila/templates/``.
tests/test_classroom_config.py reads it; the browser tests start Voila the same way.
"""

c = get_config()  # noqa: F821 - provided by traitlets when it loads this file

# The template: Voila's lab template without its two Font Awesome requests to a CDN (the icons
# come from Voila's own bundled copy) and without the markdown cells tagged `voila-hide`.
c.VoilaConfiguration.template = "hexrules"

# Load only the front-end extensions the demo uses. By default Voila loads every installed
# JupyterLab extension; jupytext's (built for JupyterLab 4.6, while Voila 0.5.13 runs 4.2)
# fails to load and fills the console with shared-module errors.
c.VoilaConfiguration.extension_allowlist = [
    "@voila-dashboards/widgets-manager8",  # Voila's widget manager (ipywidgets 8)
    "@jupyter-widgets/jupyterlab-manager",  # the ipywidgets controls
    "jupyter-leaflet",  # the board (ipyleaflet)
    "anywidget",  # the board's resize watcher (widgets/board.js)
]

# Every page load starts its own kernel (about 135 MB); without culling they pile up for the
# whole lesson. A kernel whose page was closed or reloaded is shut down after 5 minutes idle;
# a page still open (the projector's) keeps its kernel however long the class talks.
c.MappingKernelManager.cull_idle_timeout = 300  # seconds idle before a closed page's kernel ends
c.MappingKernelManager.cull_interval = 60  # how often to look
c.MappingKernelManager.cull_connected = False  # never cull a kernel a page still shows
c.MappingKernelManager.cull_busy = False  # nor one in the middle of a computation
