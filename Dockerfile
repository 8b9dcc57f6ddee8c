FROM python:3.11-slim-bookworm

# Chromium and ffmpeg from Debian: the judge never downloads a browser. The fonts are the judge's
# (judging/engine/fonts.conf): colour emoji and stand-ins for the fonts generated pages name.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium ffmpeg fontconfig fonts-dejavu-core fonts-liberation fonts-noto-color-emoji \
      fonts-crosextra-carlito fonts-crosextra-caladea libgl1 libglib2.0-0 \
 && rm -rf /var/lib/apt/lists/*

ENV PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 CHROMIUM_PATH=/usr/bin/chromium IWR_VAR_DIR=/data
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
RUN mkdir -p /data
VOLUME /data
EXPOSE 8000
ENTRYPOINT ["scripts/entrypoint"]
CMD ["web"]
