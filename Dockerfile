# The bridgelaws web app in a container: the project installed from this checkout, the search index
# built into the image (so a container starts serving at once and never writes), gunicorn serving.
#   docker build -t bridgelaws .
#   docker run -p 8000:8000 bridgelaws        # then http://localhost:8000, /healthz for probes
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    BRIDGELAWS_INDEX=/srv/bridgelaws/index

WORKDIR /src
COPY pyproject.toml README.md ./
COPY bridgelaws ./bridgelaws
COPY corpus ./corpus
COPY indexer ./indexer
COPY webapp ./webapp
COPY scoring ./scoring
RUN pip install . \
 && useradd --system --home-dir /srv/bridgelaws --create-home bridgelaws

# Import every source and build the index now: the image carries it, read-only at run time.
RUN bridgelaws build && bridgelaws --version

USER bridgelaws
WORKDIR /srv/bridgelaws
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4).status != 200)"]
CMD ["bridgelaws", "serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "2"]
