# The bridgelaws web app in a container: the project installed from this checkout, the corpus
# snapshot and the search index built into the image (so a container answers at once, with no
# parse and no build), gunicorn with gevent workers serving (webapp/server.py).
#   docker build -t bridgelaws .
#   docker run -p 8000:8000 bridgelaws        # then http://localhost:8000, /healthz for probes
FROM python:3.11-slim

# Where bridgelaws keeps what it writes (corpus/settings.py): the data directory (snapshot and
# index) and the cache directory (trimmed segmentation dictionary, jieba's cache, compiled
# interface catalogs), both under the service user's home, never beside the installed code.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    BRIDGELAWS_DATA=/srv/bridgelaws/data \
    BRIDGELAWS_CACHE=/srv/bridgelaws/cache \
    BRIDGELAWS_INDEX=/srv/bridgelaws/data/index

WORKDIR /src
COPY pyproject.toml README.md ./
COPY bridgelaws ./bridgelaws
COPY corpus ./corpus
COPY indexer ./indexer
COPY webapp ./webapp
COPY scoring ./scoring
RUN pip install . \
 && useradd --system --home-dir /srv/bridgelaws --create-home bridgelaws

# Build as the user that serves: the snapshot and the trimmed dictionary are read only when the
# reading user owns them (corpus/sealed.py), so files built by root would be ignored and the
# sources parsed again by every container. Importing the app compiles the interface catalogs.
USER bridgelaws
WORKDIR /srv/bridgelaws
RUN bridgelaws build && bridgelaws --version \
 && python -c "__import__('webapp').create_app()"

EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"]
CMD ["bridgelaws", "serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "2"]
