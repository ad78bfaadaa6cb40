# Herald's image: one image for web (gunicorn), worker and beat.
FROM python:3.13-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HERALD_VAR_DIR=/var/lib/herald
WORKDIR /app

COPY requirements.txt ./
RUN pip install -r requirements.txt

COPY . .
RUN useradd --system --home-dir /app herald \
    && mkdir -p /var/lib/herald \
    && DEBUG=0 SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && chown -R herald /var/lib/herald
USER herald

EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3", "--access-logfile", "-"]
