module kilab

go 1.26.0

require github.com/joho/godotenv v1.5.1
