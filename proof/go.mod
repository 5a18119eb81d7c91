module github.com/kafkalint/kafkalint/proof

go 1.26.0
