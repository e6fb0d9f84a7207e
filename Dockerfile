# Build a static binary, then run it as a non-root user on a minimal image.
FROM golang:1.26 AS build
# What `kilab --version` says: docker build --build-arg VERSION=$(git describe --tags --always --dirty) .
# The sources come without .git, so the build cannot find it out itself.
ARG VERSION=""
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.buildVersion=${VERSION}" -o /out/kilab ./cmd/kilab \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/kilab /kilab
# The database lives on a volume owned by the non-root user, so games survive a new image.
COPY --from=build --chown=65532:65532 /out/data /data
# The working directory puts the default SQLite file at /data/kilab.db. No
# DATABASE_PATH is set here, so that DATABASE_URL alone selects PostgreSQL.
WORKDIR /data
VOLUME ["/data"]
USER 65532:65532
# The ports docs/operating.md suggests: METRICS_ADDR=:9090 (/metrics, /healthz,
# /readyz), INTERACTIONS_ADDR=:8080 (/interactions) and WEB_ADDR=:8081 (the
# game pages). Each is served only when its variable is set, on the port it
# gives.
EXPOSE 9090 8080 8081
ENTRYPOINT ["/kilab"]
