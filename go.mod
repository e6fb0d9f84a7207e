module kilab

go 1.26.0
