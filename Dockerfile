# Build a static binary, then run it as a non-root user on a minimal image.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/kilab ./cmd/kilab \
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
ENTRYPOINT ["/kilab"]
