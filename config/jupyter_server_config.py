"""The Jupyter server's configuration for the lessons (``make lab``; the README's Widgets section).

``make lab`` runs JupyterLab with ``JUPYTER_CONFIG_PATH`` set to this folder, so the server
reads this file (a user's own ``~/.jupyter`` still wins). tests/test_classroom_config.py reads it.
"""

c = get_config()  # noqa: F821 - provided by traitlets when it loads this file

# A classroom machine serves many notebooks: a kernel whose notebook was closed (about
# 135 MB each) ends after an hour idle; an open notebook keeps its kernel while it is open,
# so a cadet who pauses does not lose the lesson's state.
c.MappingKernelManager.cull_idle_timeout = 3600  # seconds idle before a closed notebook ends
c.MappingKernelManager.cull_interval = 300  # how often to look
c.MappingKernelManager.cull_connected = False  # never cull a kernel an open notebook uses
c.MappingKernelManager.cull_busy = False  # nor one still computing
